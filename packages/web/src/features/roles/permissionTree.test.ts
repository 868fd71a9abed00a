import { describe, expect, it } from 'vitest';
import { checkedLeaves, permissionsToSave } from './permissionTree';
import type { MenuNode } from '@agora/contract';

const node = (name: string, children: MenuNode[] = [], hidden = false): MenuNode => ({ name, title: { zh: name, en: name }, hidden, children });

const TREE = [
  node('goods', [node('goodsList'), node('goodsSetting', [node('categoryList'), node('categoryParams', [], true)])]),
  node('order', [node('orderList')]),
];

describe('role permission tree', () => {
  it('shows only stored pages as checked, so stored groups do not tick all their children', () => {
    expect(checkedLeaves(TREE, ['goods', 'goodsList', 'goodsSetting'])).toEqual(['goodsList']);
  });

  it('stores the checked pages with every group above them, in route-table order', () => {
    expect(permissionsToSave(TREE, ['categoryParams', 'orderList'])).toEqual(['goods', 'goodsSetting', 'categoryParams', 'order', 'orderList']);
  });

  it('stores a fully checked group as it is', () => {
    expect(permissionsToSave(TREE, ['goodsSetting', 'categoryList', 'categoryParams'])).toEqual(['goods', 'goodsSetting', 'categoryList', 'categoryParams']);
  });

  it('stores nothing when nothing is checked', () => {
    expect(permissionsToSave(TREE, [])).toEqual([]);
  });
});
