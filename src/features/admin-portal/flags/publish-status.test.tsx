import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeFlagServer, type FakeFlagServer } from '@tests/support/fake-flag-server';
import { renderPortal } from '@tests/support/render-portal';
import type { SitePublish } from './site-publishes-api';
import { publishStatusView } from './publish-status';

vi.mock('@/lib/supabase/client', async () => (await import('@tests/support/fake-supabase')).fakeClientModule());
vi.mock('@/lib/supabase/rest', async () => (await import('@tests/support/fake-supabase')).fakeRestModule());

const publish = (changes: Partial<SitePublish>): SitePublish => ({
  id: 7,
  requested_at: '2026-11-23T14:00:00Z',
  reason: 'founder switched off',
  status: 'pending',
  error: null,
  finished_at: null,
  ...changes,
});

describe('publishStatusView', () => {
  it('says published, publishing or failed, with the change and the reason', () => {
    expect(publishStatusView(null).title).toBe('No change to publish');
    expect(publishStatusView(publish({ status: 'pending' })).title).toBe('Publishing…');
    expect(publishStatusView(publish({ status: 'publishing' })).detail).toContain('founder switched off');
    const done = publishStatusView(publish({ status: 'published', finished_at: '2026-11-23T14:00:05Z' }));
    expect(done).toMatchObject({ tone: 'ok', title: 'Published' });
    expect(done.detail).toContain('reflects the last change (founder switched off)');
    const failed = publishStatusView(publish({ status: 'failed', error: 'deploy hook answered 404' }));
    expect(failed).toMatchObject({ tone: 'bad', title: 'Publishing failed' });
    expect(failed.detail).toContain(
      'does not reflect the last change (founder switched off): deploy hook answered 404',
    );
  });

  it('names a catalogue change as staff know it, and ends a morning time with one period', () => {
    const done = publishStatusView(
      publish({
        status: 'published',
        reason: 'catalogue insert on product_documents',
        finished_at: '2026-11-23T06:55:00Z',
      }),
    );
    expect(done.detail).toContain('reflects the last change (a change to the catalogue)');
    expect(done.detail).not.toMatch(/\.\.$/);
    expect(done.detail).not.toContain('product_documents');
  });
});

describe('the Feature Flags page', () => {
  let server: FakeFlagServer;
  beforeEach(() => {
    server = installFakeFlagServer();
  });

  it('shows whether the live site reflects the last change', async () => {
    server.publishes = [publish({ status: 'failed', error: 'the flags could not be read' })];
    renderPortal('/admin-portal/feature-flags');
    const region = await screen.findByRole('region', { name: 'Live site' });
    expect(await within(region).findByText('Publishing failed')).toBeInTheDocument();
    expect(region).toHaveTextContent('the flags could not be read');
  });
});
