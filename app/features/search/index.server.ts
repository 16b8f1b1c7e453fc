export { RESULTS_PER_GROUP, searchShop } from "./search.server";
