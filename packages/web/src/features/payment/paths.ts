import { ROUTE_BY_NAME } from '@agora/contract';

const EDIT_PATH = ROUTE_BY_NAME.get('paymentEdit')!.path;

/** The edit page of one method: the hidden paymentEdit route with the plugin in its query. */
export const paymentEditPath = (pluginId: string) => `${EDIT_PATH}?plugin_id=${encodeURIComponent(pluginId)}`;
