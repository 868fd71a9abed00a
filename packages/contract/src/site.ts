import { defineEndpoints, endpoint, returns } from './endpoint.js';

/** GET base/site-show: what the sign-in page and the top bar show about the platform. */
export interface SiteShow {
  title: string;
  logo: string;
  admin_icon: string;
  /** the buyer site the "browse site" entry opens */
  buyer_domain: string;
  /** live chat is switched on for the platform */
  chat_enabled: 0 | 1;
  /**
   * Where the decoration app is served (DECOR_ORIGIN, e.g. a domain of its own); absent: the
   * console's own origin. The console opens it there and trusts messages only from that origin.
   */
  decor_origin?: string;
}

export const siteEndpoints = defineEndpoints('site', {
  show: endpoint({ method: 'GET', path: 'base/site-show', permission: 'public', response: returns<SiteShow>() }),
});
