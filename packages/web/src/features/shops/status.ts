import type { MarginAuthStatus, ShopStatus } from '@agora/contract';

/** Tag colours of a shop's state: the list, the audit drawer and the edit page show the same. */
export const SHOP_STATUS_COLORS: Record<ShopStatus, string> = { APPLYING: 'default', APPLY: 'gold', OPEN: 'green', CLOSED: 'red', REFUSED: 'volcano' };

/** Tag colours of an earnest-money flow's audit state. */
export const MARGIN_COLORS: Record<MarginAuthStatus, string> = { WAIT_AUDIT: 'gold', PASS_AUDIT: 'green', REFUSE_AUDIT: 'red' };
