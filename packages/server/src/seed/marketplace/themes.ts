/**
 * Demo shop themes (DOMAIN §2.13): a default and a second template for each of the PC and WAP
 * sites. The open and closed demo shops were approved with the defaults, so those are in use;
 * the second of each type is free to delete or to become the default.
 */
import type { AppContext } from '../../platform/context.js';
import { storeFile } from '../../platform/storage.js';
import { shopThemes } from '../../modules/themes/tables.js';
import { textLogo } from './pictures.js';

const DEMO_THEMES = [
  { name: '经典商城', mark: 'default', type: 'PC', isDefault: 1, color: '#409eff' },
  { name: '简约白', mark: 'simple_white', type: 'PC', isDefault: 0, color: '#606266' },
  { name: '移动经典', mark: 'wap_default', type: 'WAP', isDefault: 1, color: '#f56c6c' },
  { name: '活力橙', mark: 'wap_orange', type: 'WAP', isDefault: 0, color: '#e6a23c' },
] as const;

/** Writes the demo themes; answers the default PC and WAP theme ids the open shops carry. */
export async function seedShopThemes(ctx: AppContext): Promise<{ pcThemeId: number; wapThemeId: number }> {
  const rows = [];
  for (const theme of DEMO_THEMES) {
    const image = await storeFile(ctx.db, ctx.storage, `demo/themes/${theme.mark}.svg`, textLogo(theme.name, theme.color), {
      contentType: 'image/svg+xml', width: 240, height: 120, originalName: `${theme.name}.svg`,
    });
    rows.push({ name: theme.name, mark: theme.mark, type: theme.type, isDefault: theme.isDefault, image: image.url });
  }
  const inserted = await ctx.db.insert(shopThemes).values(rows).returning();
  const idOf = (mark: string) => inserted.find((row) => row.mark === mark)!.id;
  return { pcThemeId: idOf('default'), wapThemeId: idOf('wap_default') };
}
