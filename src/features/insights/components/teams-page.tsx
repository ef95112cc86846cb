import { teamEn } from '@/content/team/en';
import { teamFr } from '@/content/team/fr';
import { useI18n } from '@/i18n/i18n';
import { Badge } from './badge';
import { PageTop } from './page-top';
import { ContentImage } from './content-image';

/** Teams: three member cards. */
export default function TeamsPage() {
  const { t, locale } = useI18n();
  const text = t.insights.teams;
  const members = locale === 'fr' ? teamFr : teamEn;
  return (
    <>
      <PageTop page="teams" title={text.title} />
      <div className="bg-white">
        <ul className="mx-auto grid max-w-content gap-8 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-3">
          {members.map((member) => (
            <li key={member.id} data-testid="team-member">
              <article className="flex h-full flex-col rounded-2xl bg-sand-50 p-7 ring-1 ring-sand-200">
                <ContentImage
                  image={member.image}
                  alt={text.portraitAlt(member.name)}
                  className="h-32 w-32 rounded-full ring-4 ring-white"
                />
                <h2 className="mt-6 font-serif text-2xl font-bold text-brand-900">{member.name}</h2>
                <p className="mt-1 font-semibold text-olive-700">{member.position}</p>
                <p className="mt-1 text-sm text-ink-muted">
                  {text.location} {member.location}
                </p>
                <p className="mt-4 flex-1 leading-relaxed text-ink-muted">{member.bio}</p>
                <h3 className="mt-6 text-sm font-semibold uppercase tracking-[0.16em] text-ink-muted">
                  {text.expertise}
                </h3>
                <ul className="mt-3 flex flex-wrap gap-2">
                  {member.expertise.map((skill) => (
                    <li key={skill}>
                      <Badge tone="brand">{skill}</Badge>
                    </li>
                  ))}
                </ul>
              </article>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
