-- Notification deliveries and Web Push subscriptions.
select 1;
