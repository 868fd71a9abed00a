import { MutationCache, QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { invalidationKey } from '@/lib/api';
import { toast } from '@/lib/feedback';

/**
 * The console's query client. Every mutation's feedback is handled here, once: its `meta.success`
 * (a translation key, or a function of the answer returning one) is toasted and its
 * `meta.invalidates` refreshed. Failures were already shown by the request client.
 */
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    // The request client already tells the operator what went wrong; a retry would say it again.
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
    mutationCache: new MutationCache({
      onSuccess: async (data, variables, _context, mutation) => {
        const meta = mutation.meta;
        if (!meta) return;
        const message = typeof meta.success === 'function' ? meta.success(data, variables) : meta.success;
        if (typeof message === 'string') toast.success(i18next.t(message));
        else if (message) toast.success(i18next.t(message[0], message[1]));
        await Promise.all((meta.invalidates ?? []).map((target) => client.invalidateQueries({ queryKey: invalidationKey(target) })));
      },
    }),
  });
  return client;
}

export const queryClient = createQueryClient();
