import { MailIcon } from '@/components/icons/mail';
import { PhoneIcon } from '@/components/icons/phone';
import type { ClientAccount } from '../api/documents';
import { usePortalMessages } from '../use-portal-messages';

type Manager = NonNullable<ClientAccount['manager']>;

/** The account manager's name, e-mail (mailto) and phone (tel), as the dashboard and the messages page show them. */
export function ManagerContact({ manager }: { manager: Manager }) {
  const text = usePortalMessages().dashboard;
  const link = 'text-brand-700 underline-offset-4 hover:underline';
  return (
    <>
      <p className="text-lg font-semibold text-ink">{manager.name}</p>
      <dl className="space-y-1 text-ink-muted">
        <div className="flex items-center gap-2">
          <dt>
            <MailIcon size={18} label={text.email} />
          </dt>
          <dd className="min-w-0 break-all">
            <a className={link} href={`mailto:${manager.email}`}>
              {manager.email}
            </a>
          </dd>
        </div>
        {manager.phone ? (
          <div className="flex items-center gap-2">
            <dt>
              <PhoneIcon size={18} label={text.phone} />
            </dt>
            <dd>
              <a className={link} href={`tel:${manager.phone.replace(/[^+\d]/g, '')}`}>
                {manager.phone}
              </a>
            </dd>
          </div>
        ) : null}
      </dl>
    </>
  );
}
