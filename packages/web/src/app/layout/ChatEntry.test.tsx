import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { chatEndpoints, siteEndpoints } from '@agora/contract';
import { AppProviders } from '@/app/providers';
import { queryClient } from '@/app/query-client';
import { createPermissions, PermissionsContext } from '@/lib/permissions';
import { fixture, stubApi } from '@/test/api';
import { signIn } from '@/test/pageHarness';
import { ChatEntry } from './ChatEntry';

function show({ chatEnabled, permissions, unread }: { chatEnabled: 0 | 1; permissions: string[]; unread: number }) {
  signIn();
  queryClient.clear();
  stubApi(
    fixture(siteEndpoints.show, { title: '', logo: '', admin_icon: '', buyer_domain: '', chat_enabled: chatEnabled }),
    fixture(chatEndpoints.unread, unread),
  );
  render(
    <AppProviders>
      <PermissionsContext.Provider value={createPermissions(3, permissions)}>
        <ChatEntry />
        <span>ready</span>
      </PermissionsContext.Provider>
    </AppProviders>,
  );
}

describe('chat entry', () => {
  it('shows the unread count, capped at 99+', async () => {
    show({ chatEnabled: 1, permissions: ['chat'], unread: 150 });
    await waitFor(() => expect(screen.getByTestId('chat-entry').textContent).toContain('99+'));
    expect(screen.getByRole('link', { name: '在线客服' }).getAttribute('href')).toBe(`${import.meta.env.BASE_URL}chat`);
  });

  it('stays hidden while chat is switched off', async () => {
    show({ chatEnabled: 0, permissions: ['chat'], unread: 3 });
    await screen.findByText('ready');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('chat-entry')).toBeNull();
  });

  it('stays hidden for a role without the chat permission', async () => {
    show({ chatEnabled: 1, permissions: ['dashboard'], unread: 3 });
    await screen.findByText('ready');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('chat-entry')).toBeNull();
  });
});
