import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MSG } from './messages.js';
import { SHIPPED_LANGUAGES } from './pre-login.js';

const LOCALES = fileURLToPath(new URL('./locales/', import.meta.url));

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'object' && value !== null) for (const [k, v] of leaves(value, full)) out.set(k, v);
    else out.set(full, value);
  }
  return out;
}

function readLocale(code: string): Map<string, unknown> {
  const dir = path.join(LOCALES, code);
  const all = new Map<string, unknown>();
  for (const file of fs.readdirSync(dir).filter((name) => name.endsWith('.json')).sort()) {
    const tree = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Tree;
    for (const [key, value] of leaves(tree, file.replace(/\.json$/, ''))) all.set(key, value);
  }
  return all;
}

describe('locales', () => {
  const [reference, ...others] = SHIPPED_LANGUAGES.map((language) => language.code);
  const referenceTexts = readLocale(reference);

  it('ship a folder for every shipped language and nothing else', () => {
    expect(fs.readdirSync(LOCALES).sort()).toEqual(SHIPPED_LANGUAGES.map((language) => language.code).sort());
  });

  it.each(others)('%s has exactly the keys of the reference language', (code) => {
    const texts = readLocale(code);
    const missing = [...referenceTexts.keys()].filter((key) => !texts.has(key));
    const extra = [...texts.keys()].filter((key) => !referenceTexts.has(key));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it.each(SHIPPED_LANGUAGES.map((language) => language.code))('%s texts are non-empty strings', (code) => {
    const bad = [...readLocale(code)].filter(([, value]) => typeof value !== 'string' || value.trim() === '').map(([key]) => key);
    expect(bad).toEqual([]);
  });

  it('zh-CN common.msg holds every spec message exactly as MSG says', () => {
    const zh = readLocale('zh-CN');
    for (const [key, text] of Object.entries(MSG)) expect(zh.get(`common.msg.${key}`), key).toBe(text);
    const msgKeys = [...zh.keys()].filter((key) => key.startsWith('common.msg.'));
    expect(msgKeys.length).toBe(Object.keys(MSG).length);
  });
});
