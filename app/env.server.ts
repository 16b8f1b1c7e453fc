// Validates the environment once, at boot. A production start with a missing
// variable stops here with a message naming it.
import { parseEnv, type AppEnv } from "~/lib/env-schema";

export const env: AppEnv = parseEnv(process.env);
