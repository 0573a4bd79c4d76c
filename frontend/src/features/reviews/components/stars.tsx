// A star rating shown as five stars, read out as "4.5 out of 5 stars".
export function Stars({ rating }: { rating: number }) {
  const rounded = Math.round(rating * 2) / 2;
  return (
    <span className="stars" role="img" aria-label={`${rounded} out of 5 stars`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <span
          key={n}
          aria-hidden="true"
          className={
            n <= rounded
              ? 'stars__star stars__star--full'
              : n - 0.5 === rounded
                ? 'stars__star stars__star--half'
                : 'stars__star'
          }
        >
          ★
        </span>
      ))}
    </span>
  );
}
