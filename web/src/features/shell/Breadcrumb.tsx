import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link, useLocation } from '@tanstack/react-router';
import { buildCrumbs } from './breadcrumb-labels.ts';

export function Breadcrumb() {
  const pathname = useLocation({ select: (l) => l.pathname });
  const crumbs = buildCrumbs(pathname);
  return (
    <nav aria-label="Breadcrumb">
      <Breadcrumbs>
        {crumbs.map((c, i) =>
          i === crumbs.length - 1 ? (
            <Text key={c.to} size="sm" aria-current="page">
              {c.label}
            </Text>
          ) : (
            <Anchor key={c.to} component={Link} to={c.to} size="sm">
              {c.label}
            </Anchor>
          ),
        )}
      </Breadcrumbs>
    </nav>
  );
}
