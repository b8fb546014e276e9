import { withTestMark } from './test-mark';

const PAGE = '<!doctype html><html lang="en"><head><title>t</title></head><body><h1>Solar return</h1></body></html>';

describe('withTestMark', () => {
  it('adds the TEST mark and its note inside the body, after the content, once', () => {
    const marked = withTestMark(PAGE, 'en');
    expect(marked.startsWith(PAGE.slice(0, PAGE.indexOf('</body>')))).toBe(true);
    expect(marked.endsWith('</body></html>')).toBe(true);
    expect(marked.match(/class="test-mode-mark"/g)).toHaveLength(1);
    expect(marked).toContain(
      '<strong>TEST</strong><span>Test mode: made with a test key and charged nothing. Not a reading to hand to a client.</span>',
    );
    // Fixed: Chromium prints a fixed element on every page; the top margin of every page says TEST as text too.
    expect(marked).toMatch(/\.test-mode-mark \{ position: fixed;/);
    expect(marked).toMatch(/@page \{ @top-center \{ content: /);
  });

  it('writes the note of a Thai document in Thai, the mark being the word TEST', () => {
    const marked = withTestMark(PAGE.replace('lang="en"', 'lang="th"'), 'th');
    const note = /<strong>TEST<\/strong><span>([^<]*)<\/span>/.exec(marked)![1];
    expect(note).toContain('โหมดทดสอบ');
    expect(note).not.toMatch(/[A-Za-z]/);
  });
});
