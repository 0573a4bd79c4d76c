// Shown beside the list until the first image is chosen for cropping (spec 2 §2).
export function CropGuide({ aspectLabel }: { aspectLabel: string }) {
  return (
    <aside className="crop-guide" aria-label="How cropping works">
      <h2 className="crop-guide__heading">How to crop</h2>
      <ol>
        <li>
          <span className="on-pointer">Click</span>
          <span className="on-touch">Tap</span> Crop on a photo, or Batch Crop to go through them all.
        </li>
        <li>Drag to position and zoom to fit your image within the {aspectLabel} frame.</li>
        <li>Apply Crop: we check the print quality and keep your crop.</li>
      </ol>
    </aside>
  );
}
