// What a prerendered reviews list shows until the app runs: the reviews come from the API, so a
// filter or a spinner there would never answer without JavaScript (spec 1 §2 Reviews page). With
// scripts it is nothing: the list, or its spinner, follows as soon as the page hydrates.
export const REVIEWS_NEED_SCRIPT = 'Turn on JavaScript to read the reviews.';

export function ReviewsNeedScript() {
  return (
    <noscript>
      <p className="reviews-empty">{REVIEWS_NEED_SCRIPT}</p>
    </noscript>
  );
}
