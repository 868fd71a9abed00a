import { IMAGE_CAPTCHA_VALIDATOR, VALIDATOR_PLUGINS, type OpenValidator } from '@agora/contract';
import type { AppContext } from '../../platform/context.js';
import { readOpenPlugin } from '../plugins/service.js';

/**
 * GET base/validator: the open validator plugin (the validator-platform screen opens it), or the
 * built-in image captcha when the open one is not in this build (the sign-in page must always get one).
 */
export async function openValidator(ctx: AppContext): Promise<OpenValidator> {
  const { pluginId } = await readOpenPlugin(ctx.db, 'VALIDATOR');
  return VALIDATOR_PLUGINS.find((plugin) => plugin.plugin_id === pluginId) ?? IMAGE_CAPTCHA_VALIDATOR;
}
