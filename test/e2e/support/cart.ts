// Puts a poster with a real photo into the browser's cart the way the product pages do: the photo
// uploaded with POST /api/images/single, the line added with POST /api/cart/item, both from the
// page (so the browser's cookie jar and stored token are used). Waits until the cart read model
// shows the line (X-Min-Position), so the next page load sees it.
import type { Page } from 'playwright-core';

export async function addPosterToCart(
  page: Page,
  quantity: number,
): Promise<{ lineId: string; imageId: string }> {
  return page.evaluate(async (quantity) => {
    // A photo-like picture: a sunset gradient with a sun, drawn on a canvas.
    const canvas = document.createElement('canvas');
    canvas.width = 900;
    canvas.height = 1200;
    const context = canvas.getContext('2d')!;
    const sky = context.createLinearGradient(0, 0, 0, canvas.height);
    sky.addColorStop(0, '#2b5876');
    sky.addColorStop(0.6, '#f7a278');
    sky.addColorStop(1, '#fcd581');
    context.fillStyle = sky;
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.fillStyle = '#fff3c4';
    context.beginPath();
    context.arc(450, 760, 160, 0, Math.PI * 2);
    context.fill();
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/jpeg', 0.9));

    const token = localStorage.getItem('token');
    const auth: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
    const form = new FormData();
    form.append('image', blob, 'sunset.jpg');
    const upload = await fetch('/api/images/single', {
      method: 'POST',
      body: form,
      credentials: 'include',
      headers: auth,
    });
    const uploaded = (await upload.json()) as { image?: { id: string }; message?: string };
    if (!upload.ok || !uploaded.image) throw new Error(`upload failed: ${upload.status} ${uploaded.message}`);

    const add = await fetch('/api/cart/item', {
      method: 'POST',
      credentials: 'include',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ sku: 'POSTERA4', quantity, croppedImageId: uploaded.image.id }),
    });
    const added = (await add.json()) as { item?: { id: string }; message?: string };
    if (!add.ok || !added.item) throw new Error(`add to cart failed: ${add.status} ${added.message}`);
    const position = add.headers.get('X-Event-Position') ?? '';
    await fetch('/api/cart?currency=USD&country=US', {
      credentials: 'include',
      headers: { ...auth, 'X-Min-Position': position },
    });
    return { lineId: added.item.id, imageId: uploaded.image.id };
  }, quantity);
}
