/** Notification deliveries and Web Push subscriptions (migration 0009). */
export {};
