export { ImportStatusCard } from "./ImportStatusCard";
export { importActionSchema } from "./import-schema";
export { StoreDataSettings } from "./components/StoreDataSettings";
