// The collage pages' toasts (spec 2 §8). Plain DOM on purpose: a success toast must outlive the page
// that raised it, which navigates to /cart at once. Each toast leaves after 3 s (spec 2 §9).
export const TOAST_MS = 3000;

const CONTAINER_ID = 'collage-toasts';

export function showToast(message: string, tone: 'success' | 'error'): void {
  let container = document.getElementById(CONTAINER_ID);
  if (!container) {
    container = document.createElement('div');
    container.id = CONTAINER_ID;
    container.className = 'collage-toasts';
    document.body.append(container);
  }
  const toast = document.createElement('div');
  toast.className = `collage-toast collage-toast--${tone}`;
  toast.setAttribute('role', tone === 'error' ? 'alert' : 'status');
  toast.textContent = message;
  container.append(toast);
  setTimeout(() => toast.remove(), TOAST_MS);
}
