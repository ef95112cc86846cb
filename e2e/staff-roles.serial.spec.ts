/**
 * Staff roles in the admin portal (docs/decisions/209-staff-roles-in-the-database.md,
 * 211-managing-staff.md, 215-the-portal-shows-each-role-its-part.md): an
 * admin invites an editor from Users, who accepts from the mail, chooses a
 * password and adds an authenticator app before anything else. Signing in
 * again with that password and code, the invited editor publishes a news item
 * (and sees the live site's status beside Content) and finds Users and
 * Sections & Features neither in the sidebar nor through their URLs, and the
 * API refuses them those. The seeded account manager sees only the
 * conversations of the company they manage. Serial: staff sign-ins end
 * other first-step sessions of the same account.
 */
import { E2E_SITE_URL } from '../scripts/lib/ports.ts';
import { apiAs, platformApi, type Credentials } from './support/accounts.ts';
import { axeViolations } from './support/axe.ts';
import { linkPath, mailTo, uniqueAddress } from './support/inbox.ts';
import { totpCode } from '../supabase/local/auth/totp.ts';
import { expect, test } from './support/fixtures.ts';
import { signInAs } from './support/sign-in.ts';

const stamp = Date.now().toString(36);
/** Harbor Fine Foods LLC: the company the seeded account manager manages (seed.sql). */
const MANAGED_COMPANY = '00000000-0000-4000-8000-0000000c0a02';

test.use({ cookieConsent: 'declined', baseURL: E2E_SITE_URL });

/** The editor the first test invites: the next one signs in as them. */
let invited: Credentials | null = null;
test.describe.configure({ mode: 'serial' });

test('an admin invites an editor, who accepts from the mail, chooses a password and adds an authenticator app', async ({
  browser,
  page,
}) => {
  test.slow();
  const email = uniqueAddress('invited-editor');

  // The admin, in a browser of their own: a bad address is explained and kept, then the invitation goes.
  const adminContext = await browser.newContext({ baseURL: E2E_SITE_URL });
  const admin = await adminContext.newPage();
  await signInAs(admin, 'admin');
  await expect(admin).toHaveURL('/admin-portal/dashboard');
  await admin.goto('/admin-portal/users');
  const form = admin.getByRole('form', { name: 'Invite staff' });
  await form.getByLabel('Email').fill('not-an-address');
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(admin.getByText('Enter an email address, like name@example.com.')).toBeVisible();
  await expect(form.getByLabel('Email')).toHaveValue('not-an-address');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Role').selectOption('editor');
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(admin.getByText(`Invitation sent to ${email} as editor.`)).toBeVisible();
  await expect(admin.getByTestId('staff-change').filter({ hasText: email })).toContainText('No role → Editor');
  expect(await axeViolations(admin)).toEqual([]);
  await adminContext.close();

  // The invitee opens the mail's link, accepts, and chooses a password.
  const mail = await mailTo(email, /^You are invited to the Olea Mediterranean team$/);
  await page.goto(linkPath(mail.html));
  await expect(page.getByRole('heading', { level: 1, name: 'Join the team' })).toBeVisible();
  await page.getByRole('button', { name: 'Accept the invitation' }).click();
  const password = 'Invited#Editor2026';
  await page.getByLabel('Your password').fill(password);
  await page.getByRole('button', { name: 'Save and continue' }).click();

  // Nothing before a second factor: the portal sends them to add one.
  await expect(page).toHaveURL('/admin-portal/settings?enrol=required');
  await page.getByRole('button', { name: 'Set up authenticator app' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
  await page.getByLabel('Authentication code').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Verify and turn on' }).click();
  await expect(page.getByRole('list', { name: 'Your factors' })).toContainText('Authenticator app');
  invited = { email, password, totpSecret: secret };

  // Their part of the portal, and only it.
  await page.goto('/admin-portal/dashboard');
  const nav = page.getByRole('navigation', { name: 'Admin Portal' });
  await expect(nav.getByRole('link', { name: 'Content' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Users' })).toHaveCount(0);
});

test('the invited editor publishes a news item; Users and Sections & Features are not theirs, in the portal or the API', async ({
  page,
}) => {
  test.slow();
  if (!invited) throw new Error('The invitation did not complete');
  await signInAs(page, invited);
  await expect(page).toHaveURL('/admin-portal/dashboard');
  const nav = page.getByRole('navigation', { name: 'Admin Portal' });
  await expect(nav.getByRole('link', { name: 'Content' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Users' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Sections & Features' })).toHaveCount(0);
  await expect(page.getByTestId('your-sections')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // A news item, in both languages, published now.
  await page.goto('/admin-portal/content');
  // Whether the live site shows their work, beside their section.
  await expect(page.getByTestId('publish-status')).toBeVisible();
  await page.getByRole('link', { name: 'New news item' }).click();
  await page.getByLabel('Title (English)').fill(`Editor news ${stamp}`);
  await page.getByLabel('Body (English, Markdown)').fill('A new harvest arrived.');
  await page.getByRole('tab', { name: /French/ }).click();
  await page.getByLabel('Title (French)').fill(`Nouvelle de l’éditrice ${stamp}`);
  await page.getByLabel('Body (French, Markdown)').fill('Une nouvelle récolte est arrivée.');
  await page.getByRole('button', { name: 'Publish now' }).click();
  await expect(page.getByTestId('status-badge').first()).toHaveText('Published');
  const anon = await apiAs('anon');
  await expect
    .poll(
      async () => (await anon.from('content_translations').select('title').eq('title', `Editor news ${stamp}`)).data,
    )
    .toEqual([{ title: `Editor news ${stamp}` }]);

  // The URLs of another role's sections say so.
  for (const [slug, label] of [
    ['users', 'Users'],
    ['sections', 'Sections & Features'],
  ] as const) {
    await page.goto(`/admin-portal/${slug}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Not for your role' })).toBeVisible();
    await expect(page.getByText(`${label} is not part of your role`, { exact: false })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  }

  // And the API refuses them, changing nothing.
  const editor = await apiAs(invited);
  const flags = await editor.from('feature_flags').select('name, enabled');
  expect(flags.error).toBeNull();
  const before = Object.fromEntries((flags.data ?? []).map((flag) => [flag.name, flag.enabled]));
  const flagKey = Object.keys(before)[0] ?? 'insights';
  const flip = await editor.from('feature_flags').update({ enabled: !before[flagKey] }).eq('name', flagKey).select();
  expect(flip.data ?? []).toEqual([]);
  const admin = await apiAs('admin');
  const after = await admin.from('feature_flags').select('enabled').eq('name', flagKey).single();
  expect(after.data?.enabled).toBe(before[flagKey]);
  const staffList = await editor.rpc('admin_dashboard');
  expect(staffList.error?.code).toBe('42501');
  const companies = await editor.from('companies').select('id');
  expect(companies.data ?? []).toEqual([]);
});

test("an account manager sees only their company's conversations", async ({ page }) => {
  test.slow();
  // Setup, as the platform (service role): a conversation of the company the
  // seeded account manager manages, beside the seeded client's, which they do not.
  const platform = platformApi();
  const started = await platform
    .from('conversations')
    .insert({ company_id: MANAGED_COMPANY, subject: `Harbor restock ${stamp}`, status: 'open', awaiting: 'staff' })
    .select('id')
    .single();
  expect(started.error).toBeNull();

  // Through the API: only the managed company's conversations.
  const manager = await apiAs('manager');
  const seen = await manager.from('conversations').select('company_id, subject');
  expect(seen.error).toBeNull();
  expect(new Set((seen.data ?? []).map((row) => row.company_id))).toEqual(new Set([MANAGED_COMPANY]));
  expect((seen.data ?? []).map((row) => row.subject)).toContain(`Harbor restock ${stamp}`);

  // In the portal: the same.
  await signInAs(page, 'manager');
  await expect(page).toHaveURL('/admin-portal/dashboard');
  const nav = page.getByRole('navigation', { name: 'Admin Portal' });
  await expect(nav.getByRole('link', { name: 'Messages' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Feature Flags' })).toHaveCount(0);
  await page.goto('/admin-portal/messages');
  const conversations = page.getByTestId('conversation');
  await expect(conversations.filter({ hasText: `Harbor restock ${stamp}` })).toHaveCount(1);
  await expect(conversations.filter({ hasText: 'Commande de décembre' })).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);

  // Users: their clients' accounts and requests to approve, nothing of staff.
  await page.goto('/admin-portal/users');
  await expect(page.getByText('The client accounts and access requests of the companies you manage.')).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Invite staff' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Staff role changes' })).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
});
