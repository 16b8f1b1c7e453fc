export { SEGMENTS, scoreLine, DEFAULT_SEGMENT_SETTINGS, type Segment } from "./rfm";
export { LTV_METHODS, CHURN_HIGH, CHURN_RISKS } from "./clv";
export {
  customerListSchema,
  customerListParams,
  parseCustomerList,
  segmentSlug,
  PAGE_SIZE,
  SORTS,
  customerTagsSchema,
  segmentSettingsSchema,
  type CustomerListQuery,
} from "./query";
export { SegmentCards } from "./components/SegmentCards";
export { SegmentBadge } from "./components/SegmentBadge";
export { CustomerList, type ListRow } from "./components/CustomerList";
export { ScoreExplanation } from "./components/ScoreExplanation";
export { ValueCard } from "./components/ValueCard";
export { addCustomerSchema, E164, type AddCustomerInput } from "./customer-schema";
export { customerDto, customersApiQuery, API_LIMIT_MAX } from "./api";
export { SegmentTags, type TagSetting } from "./components/SegmentTags";
export { CustomerCountLine, countLine } from "./components/CustomerCountLine";
