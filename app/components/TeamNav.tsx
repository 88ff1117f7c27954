'use client';
/** A team's sections. API keys are owner-only (the API answers 403 to members), so members do not see the link. */
import Link from 'next/link';
import { usePathname } from 'next/navigation';

export function TeamNav({ teamId, isOwner }: { teamId: number; isOwner: boolean }) {
  const pathname = usePathname();
  const base = `/teams/${teamId}`;
  const sections = [
    // demo:begin
    { href: `${base}/campaigns`, label: 'Campaigns' },
    // demo:end
    { href: `${base}/members`, label: 'Members' },
    // demo:begin
    { href: `${base}/settings`, label: 'Settings' },
    // demo:end
    // `npm run generate -- scaffold` adds its resources' links above this line.
    ...(isOwner ? [{ href: `${base}/api-keys`, label: 'API keys' }] : []),
  ];
  return (
    <nav aria-label="Team" className="tabs">
      {sections.map((section) => {
        const current = pathname === section.href || pathname.startsWith(`${section.href}/`);
        return (
          <Link key={section.href} href={section.href} className="tab" aria-current={current ? 'page' : undefined}>
            {section.label}
          </Link>
        );
      })}
    </nav>
  );
}
