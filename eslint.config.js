import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// The layers of src/, each importing only from those before it: gen < format < tree < print <
// arbitrary < runtime < coverage < campaign < cli (coverage: engine coverage of Luau builds and
// the coverage runner of guided campaigns); runtime imports nothing of arbitrary either. The
// workspace stands apart: its wire format imports only the checked formats, the client (used by
// runtime, campaign, cli) and the server (used by cli only) both import the wire format and the
// checked formats, and never each other. Heavy or CLI-only packages stay in their layer.
// The runner (runner/, plain JavaScript installed into workspace projects and run there by the
// project's node) imports only its own files, node's modules and luau-web; runtime is the
// first layer that uses it.
const layers = ['format', 'tree', 'print', 'arbitrary', 'runtime', 'coverage', 'campaign', 'cli'];
// The layers the workspace may not import: all but the checked formats.
const apart = layers.filter((layer) => layer !== 'format');
const folder = (names) => `^(\\.\\./)+(${names.join('|')})(/|\\.js$)`;
const serverPackages = ['fastify', '@fastify/*', 'better-sqlite3'];
const cliPackages = ['commander', 'cli-progress'];

function restrict(files, folders, packages, why) {
  return {
    files,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...(folders.length === 0 ? [] : [{ regex: folder(folders), message: why }]),
            ...(packages.length === 0 ? [] : [{ group: packages, message: why }]),
          ],
        },
      ],
    },
  };
}

const layerRules = layers.slice(0, -1).map((layer, i) =>
  restrict(
    [`src/${layer}/**/*.ts`],
    [
      ...layers.slice(i + 1),
      'workspace/server',
      ...(i < layers.indexOf('runtime') ? ['runner'] : []),
      ...(layer === 'runtime' || layer === 'campaign' ? [] : ['workspace/client', 'workspace']),
      // How a program runs is no matter of how it was drawn: runtime takes source text.
      ...(layer === 'runtime' ? ['arbitrary'] : []),
    ],
    [...serverPackages, ...cliPackages],
    `src/${layer} may import only the layers before it (gen < format < tree < print < arbitrary < runtime < coverage < campaign < cli); the workspace server only from cli`,
  ),
);

export default tseslint.config(
  { ignores: ['gen/**', 'dist/**', 'node_modules/**', 'coverage/**', '.luau-fuzz/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-constant-condition': ['error', { checkLoops: false }],
    },
  },
  ...layerRules,
  {
    files: ['runner/**/*.mjs'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!node:|luau-web$|\\./)',
              message:
                'the runner runs alone in a workspace project: only its own files, node: modules and luau-web',
            },
          ],
        },
      ],
    },
  },
  restrict(
    ['src/workspace/wire/**/*.ts'],
    ['client', 'server', ...apart],
    [...serverPackages, ...cliPackages],
    'the workspace wire format imports only the checked formats: client and server both depend on it',
  ),
  restrict(
    ['src/workspace/client/**/*.ts'],
    ['server', ...apart],
    [...serverPackages, ...cliPackages],
    'the workspace client stands apart: its own files, the wire format and the checked formats, no server, no layer, no server packages',
  ),
  restrict(
    ['src/workspace/server/**/*.ts'],
    ['client', ...apart],
    cliPackages,
    'the workspace server stands apart: its own files, the wire format and the checked formats, not the client',
  ),
);
