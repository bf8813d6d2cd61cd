import { CsvSyntaxError, parseDelimited } from './csv';

describe('parseDelimited', () => {
  it.each([
    ['a,b,c', [[1, ['a', 'b', 'c']]]],
    [
      'a,b\r\nc,d\r\n',
      [
        [1, ['a', 'b']],
        [2, ['c', 'd']],
      ],
    ],
    [
      'a,b\nc,d',
      [
        [1, ['a', 'b']],
        [2, ['c', 'd']],
      ],
    ],
    [
      'a,b\rc,d\r',
      [
        [1, ['a', 'b']],
        [2, ['c', 'd']],
      ],
    ],
    // blank lines are skipped, line numbers keep counting
    [
      '\r\n\r\na\r\n\r\nb\r\n',
      [
        [3, ['a']],
        [5, ['b']],
      ],
    ],
    // quotes: separators, escaped quotes, line breaks inside a value (the record keeps its first line)
    ['"1,234.50","say ""hi"""', [[1, ['1,234.50', 'say "hi"']]]],
    [
      'x,"two\r\nlines",y\r\nnext',
      [
        [1, ['x', 'two\r\nlines', 'y']],
        [3, ['next']],
      ],
    ],
    ['"a" ,b', [[1, ['a', 'b']]]],
    // empty cells, a trailing separator and an empty quoted value
    [',,', [[1, ['', '', '']]]],
    ['a,"",b,', [[1, ['a', '', 'b', '']]]],
    // a quote inside an unquoted value is kept as it is
    ['5" pipe,2', [[1, ['5" pipe', '2']]]],
  ])('%j', (text, expected) => {
    expect(parseDelimited(text).map((row) => [row.rowNumber, row.cells])).toEqual(expected);
  });

  it('reads other separators', () => {
    expect(parseDelimited('a;"b;c";d', ';')[0].cells).toEqual(['a', 'b;c', 'd']);
    expect(parseDelimited('a\t"b;c"', '\t')[0].cells).toEqual(['a', 'b;c']);
  });

  it.each([
    ['a\r\n"never closed,1\r\nmore', 'A quoted value that starts on line 2 is never closed.', 2],
    ['"a"b,c', 'Unexpected text after a closing quote on line 1.', 1],
    ['ok\r\n"x\r\ny"z', 'Unexpected text after a closing quote on line 3.', 3],
  ])('refuses %j', (text, message, line) => {
    expect(() => parseDelimited(text)).toThrow(new CsvSyntaxError(message, line));
    try {
      parseDelimited(text);
    } catch (error) {
      expect((error as CsvSyntaxError).line).toBe(line);
    }
  });
});
