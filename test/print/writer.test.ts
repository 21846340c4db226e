import { describe, expect, it } from 'vitest';
import { Writer } from '../../src/print/writer.js';

describe('Writer', () => {
  it('indents the lines it starts and writes nothing before the first text', () => {
    const w = new Writer('  ');
    w.write('do');
    w.indent();
    w.newline();
    w.write('x = 1');
    w.indent();
    w.newline();
    w.write('y');
    w.dedent();
    w.dedent();
    w.newline();
    w.write('end');
    expect(w.text()).toBe('do\n  x = 1\n    y\nend');
  });

  it('finds the first character written after a position, skipping empty pieces', () => {
    const w = new Writer();
    w.write('a');
    const at = w.parts.length;
    expect(w.firstCharSince(at)).toBe('');
    w.write('');
    w.write('(b');
    expect(w.firstCharSince(at)).toBe('(');
    expect(w.textSince(at)).toBe('(b');
  });
});
