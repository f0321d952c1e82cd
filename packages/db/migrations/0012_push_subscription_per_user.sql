-- Push subscriptions are per user: the same endpoint saved by a second user (another person signed in on
-- that browser) is a row of their own, and the first user's subscription never moves to them.
ALTER TABLE "push_subscription" DROP CONSTRAINT "push_subscription_endpoint_unique";
--> statement-breakpoint
DROP INDEX "push_subscription_user_idx";
--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscription_user_endpoint_idx" ON "push_subscription" USING btree ("user_id","endpoint");
