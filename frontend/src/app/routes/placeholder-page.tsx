// A page still to be built: says so plainly instead of leaving the route empty.
import { ButtonLink } from '@/components/button';
import { Page } from '@/components/page';

export function PlaceholderPage({ title, text }: { title: string; text?: string }) {
  return (
    <Page title={title} heading={title} width="narrow">
      <p>{text ?? 'This page is on its way.'}</p>
      <ButtonLink to="/" variant="secondary">
        Back to Home
      </ButtonLink>
    </Page>
  );
}
