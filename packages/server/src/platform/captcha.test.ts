import { describe, expect, it } from 'vitest';
import { CAPTCHA_CHARS, drawCaptcha } from './captcha.js';

describe('captcha picture', () => {
  it('draws every character inside the 120×40 picture, from characters that cannot be taken for another', () => {
    const texts: string[] = [];
    const box = { left: Infinity, right: -Infinity, top: Infinity, bottom: -Infinity };
    for (let round = 0; round < 100; round++) {
      const { text, data } = drawCaptcha();
      texts.push(text);
      // the glyphs are the filled paths (the noise lines are stroked); their points are x y pairs
      const glyphs = [...data.matchAll(/<path fill="[^"]+" d="([^"]+)"/g)].map((match) => match[1]);
      expect(glyphs).toHaveLength(4);
      for (const glyph of glyphs) {
        const numbers = glyph.match(/-?\d+(?:\.\d+)?/g)!.map(Number);
        for (let index = 0; index < numbers.length; index += 2) {
          box.left = Math.min(box.left, numbers[index]);
          box.right = Math.max(box.right, numbers[index]);
          box.top = Math.min(box.top, numbers[index + 1]);
          box.bottom = Math.max(box.bottom, numbers[index + 1]);
        }
      }
    }
    expect(box.left).toBeGreaterThanOrEqual(2);
    expect(box.right).toBeLessThanOrEqual(118);
    expect(box.top).toBeGreaterThanOrEqual(2);
    expect(box.bottom).toBeLessThanOrEqual(38);
    expect(texts.filter((text) => !new RegExp(`^[${CAPTCHA_CHARS}]{4}$`).test(text))).toEqual([]);
    // of each group of look-alikes at most one is drawn
    for (const group of ['0OQ', '1IL', '2Z', '5S', '6G', '8B']) expect([...group].filter((char) => CAPTCHA_CHARS.includes(char)).length).toBeLessThanOrEqual(1);
  });
});
