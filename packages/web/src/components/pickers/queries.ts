/** Query keys of the pickers' lists. */
export const pickerKeys = {
  all: ['pickers'] as const,
  members: (url: string, keyword: string) => [...pickerKeys.all, 'members', url, keyword] as const,
};
