DROP INDEX "businesses_session_id_idx";--> statement-breakpoint
DROP INDEX "businesses_session_icp_score_idx";