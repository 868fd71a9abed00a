import { endpoint, returns, type ShopOption, type SiteShow } from '@agora/contract';
import { fixture } from './api';

/**
 * Typed stand-ins for the calls of areas not yet in the endpoint table (the site, the shop
 * options): goods pages and pickers read them. They go when those areas' entries land.
 */
export const siteShowFixture = (site: Partial<SiteShow> = {}) =>
  fixture(endpoint({ method: 'GET', path: 'base/site-show', permission: 'public', response: returns<SiteShow>() }), {
    title: 'Agora',
    logo: '',
    admin_icon: '',
    buyer_domain: '',
    chat_enabled: 0,
    ...site,
  });

export const shopOptionsFixture = (shops: ShopOption[]) =>
  fixture(endpoint({ method: 'GET', path: 'admin/shops/list', permission: 'signed-in', response: returns<ShopOption[]>() }), shops);
