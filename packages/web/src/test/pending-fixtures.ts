import { endpoint, returns, type ShopOption } from '@agora/contract';
import { fixture } from './api';

/**
 * A typed stand-in for the shop options (`GET admin/shops/list`), which goods filters and pickers
 * read, until the shops area's entry lands in the endpoint table; then it goes.
 */
export const shopOptionsFixture = (shops: ShopOption[]) =>
  fixture(endpoint({ method: 'GET', path: 'admin/shops/list', permission: 'signed-in', response: returns<ShopOption[]>() }), shops);
