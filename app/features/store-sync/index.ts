export { ImportStatusCard } from "./ImportStatusCard";
export { importActionSchema } from "./import-schema";
