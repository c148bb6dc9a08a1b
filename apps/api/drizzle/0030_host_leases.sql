CREATE TABLE "host_leases" (
	"host" text PRIMARY KEY NOT NULL,
	"holder" uuid NOT NULL,
	"held_until" timestamp with time zone NOT NULL,
	"not_before" timestamp with time zone NOT NULL
);
