export { ReviewsQueue as Component } from '@/features/admin/reviews/components/reviews-queue';
