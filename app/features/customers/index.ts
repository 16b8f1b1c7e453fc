export { SEGMENTS, scoreLine, DEFAULT_SEGMENT_SETTINGS, type Segment } from "./rfm";
export { CHURN_HIGH } from "./clv";
export {
  customerListParams,
  parseCustomerList,
  customerTagsSchema,
  segmentSettingsSchema,
  type CustomerListQuery,
} from "./query";
export { SegmentCards } from "./components/SegmentCards";
export { SegmentBadge } from "./components/SegmentBadge";
export { CustomerList } from "./components/CustomerList";
export { ScoreExplanation } from "./components/ScoreExplanation";
export { ValueCard } from "./components/ValueCard";
export { addCustomerSchema } from "./customer-schema";
export { customerDto, customersApiQuery } from "./api";
export { SegmentTags } from "./components/SegmentTags";
export { CustomerCountLine } from "./components/CustomerCountLine";
