import { QueryClient } from '@tanstack/react-query';

export const queryClient = new QueryClient({
  // The request client already tells the operator what went wrong; a retry would say it again.
  defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
});
