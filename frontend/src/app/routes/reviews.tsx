// /reviews: every approved review with filters, sorting, search and pages of 5.
import { Page } from '@/components/page';
import { ReviewsView } from '@/features/reviews/components/reviews-view';

export function Component() {
  return (
    <Page
      title="Customer Reviews"
      heading="Customer Reviews"
      canonicalPath="/reviews"
      description="What our customers say about their prints, strips, posters and collages."
      intro="What our customers say about their prints."
    >
      <ReviewsView />
    </Page>
  );
}
