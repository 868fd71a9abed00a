import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const folder = fileURLToPath(new URL('../../db/migrations/', import.meta.url));
const journal = JSON.parse(fs.readFileSync(`${folder}meta/_journal.json`, 'utf8')) as { entries: { tag: string }[] };
const TARGET = '0009_members_region';

async function apply(db: PGlite, tag: string) {
  for (const statement of fs.readFileSync(`${folder}${tag}.sql`, 'utf8').split('--> statement-breakpoint')) {
    if (statement.trim()) await db.exec(statement);
  }
}

let db: PGlite;
beforeAll(async () => {
  db = new PGlite();
  const tags = journal.entries.map((entry) => entry.tag);
  for (const tag of tags.slice(0, tags.indexOf(TARGET))) await apply(db, tag);
  // a database of before the picker: the region data loaded, members with typed regions
  await db.exec(`
    insert into regions (id, parent_id, level, name, path) values
      (440000, 0, 1, '广东省', '|440000|'), (440300, 440000, 2, '深圳市', '|440000|440300|'), (440305, 440300, 3, '南山区', '|440000|440300|440305|'),
      (320000, 0, 1, '江苏省', '|320000|'), (320100, 320000, 2, '南京市', '|320000|320100|'), (320106, 320100, 3, '鼓楼区', '|320000|320100|320106|'),
      (320300, 320000, 2, '徐州市', '|320000|320300|'), (320302, 320300, 3, '鼓楼区', '|320000|320300|320302|'),
      (330000, 0, 1, '浙江省', '|330000|'), (330700, 330000, 2, '金华市', '|330000|330700|'), (330782, 330700, 3, '义乌市', '|330000|330700|330782|'),
      (110000, 0, 1, '北京市', '|110000|'), (110105, 110000, 2, '朝阳区', '|110000|110105|');
    insert into members (id, uname, mobile, region) values
      (1, 'a', '13800000001', '广东省 深圳市 南山区'),
      (2, 'b', '13800000002', '江苏省 徐州市 鼓楼区'),
      (3, 'c', '13800000003', '浙江省 义乌市 稠城街道'),
      (4, 'd', '13800000004', '北京市 朝阳区'),
      (5, 'e', '13800000005', '浙江 杭州'),
      (6, 'f', '13800000006', ''),
      (7, 'g', '13800000007', '广东省 东莞市 南城街道'),
      (8, 'h', '13800000008', '浙江省');
  `);
  await apply(db, TARGET);
});
afterAll(async () => {
  await db?.close();
});

describe(`migration ${TARGET}`, () => {
  it('gives members whose typed region names a division exactly that region, and never rewrites a text', async () => {
    const { rows } = await db.query<{ id: number; region_country: string; region_ids: number[]; region: string }>('select id, region_country, region_ids, region from members order by id');
    expect(rows).toEqual([
      { id: 1, region_country: 'CN', region_ids: [440000, 440300, 440305], region: '广东省 深圳市 南山区' },
      // the 鼓楼区 of 徐州市, not the one of 南京市
      { id: 2, region_country: 'CN', region_ids: [320000, 320300, 320302], region: '江苏省 徐州市 鼓楼区' },
      // a town below the data, and a level skipped: kept as typed, to be chosen again
      { id: 3, region_country: '', region_ids: [], region: '浙江省 义乌市 稠城街道' },
      { id: 4, region_country: 'CN', region_ids: [110000, 110105], region: '北京市 朝阳区' },
      { id: 5, region_country: '', region_ids: [], region: '浙江 杭州' },
      { id: 6, region_country: '', region_ids: [], region: '' },
      { id: 7, region_country: '', region_ids: [], region: '广东省 东莞市 南城街道' },
      // a province alone is a division too
      { id: 8, region_country: 'CN', region_ids: [330000], region: '浙江省' },
    ]);
  });
});
