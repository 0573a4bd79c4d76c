export function App() {
  return (
    <main>
      <h1>PrintShop</h1>
      <p>Your photos as prints, strips, posters, collages and greeting cards.</p>
    </main>
  );
}
