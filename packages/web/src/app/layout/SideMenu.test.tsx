import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ROUTES, type RouteDef } from '@agora/contract';
import { SideMenu } from './SideMenu';

const statistics = ROUTES.find((route) => route.name === 'statistics')!;
const other = statistics.children!.find((route) => route.name === 'otherStatistics')!;
const page = other.children!.find((route) => route.title.zh === '客单价分布')!;
const MENU: RouteDef[] = [{ ...other, children: [page] }];

describe('SideMenu', () => {
  it('names every entry in a title too, so one cut short by the sidebar shows whole on hover', () => {
    render(
      <MemoryRouter initialEntries={[page.path]}>
        <SideMenu menu={MENU} collapsed={false} />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: '客单价分布' });
    expect(link.getAttribute('title')).toBe('客单价分布');
    expect(screen.getByText('其他统计').getAttribute('title')).toBe('其他统计');
  });
});
