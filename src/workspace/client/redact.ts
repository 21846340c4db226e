/**
 * A function that removes an API key, and the encodings of it a request carries (the Basic
 * credentials, plain base64), from text that may come back from a server.
 *
 * @example
 * ```ts
 * const redact = redactor(apiKey);
 * throw new NetworkError(redact(reason));
 * ```
 */
export function redactor(apiKey: string): (text: string) => string {
  const secrets = [
    apiKey,
    Buffer.from(`${apiKey}:`).toString('base64'),
    Buffer.from(apiKey).toString('base64'),
  ].filter((s) => s.length >= 4);
  return (text) => {
    let out = text;
    for (const secret of secrets) out = out.split(secret).join('[redacted]');
    return out;
  };
}
