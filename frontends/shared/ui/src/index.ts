export { Button, buttonClassName } from './components/button';
export type { ButtonProps, ButtonSize, ButtonStyleOptions, ButtonVariant } from './components/button';
export { Spinner } from './components/spinner';
export type { SpinnerProps } from './components/spinner';
export { Notice } from './components/notice';
export type { NoticeProps } from './components/notice';
export { lazyPage, NotFound, PageLoading, QueryState, RetryNotice } from './components/page-states';
export type { NotFoundProps, QueryStateProps } from './components/page-states';
export { FieldMessages, fieldDescribedBy, SelectField, TextAreaField, TextField } from './components/field';
export type { SelectFieldProps, SelectOption, TextAreaFieldProps, TextFieldProps } from './components/field';
export { DockPanel } from './components/dock-panel';
export type { DockPanelProps } from './components/dock-panel';
export { Section } from './components/section';
export type { SectionProps } from './components/section';
export { Tabs } from './components/tabs';
export type { TabsProps } from './components/tabs';
export { Avatar, initialsOf } from './components/avatar';
export type { AvatarProps } from './components/avatar';
export { MealCard } from './components/meal-card';
export type { MealCardMeal, MealCardProps } from './components/meal-card';
export { QuantityStepper } from './components/quantity-stepper';
export type { QuantityStepperProps } from './components/quantity-stepper';
export { OrderStatusBadge } from './components/order-status-badge';
export { discountLabel, OrderCard, OrderCardActions } from './components/order-card';
export type { OrderCardLine, OrderCardOrder, OrderCardProps } from './components/order-card';
export { Stars } from './components/stars';
export { DataTable, NUMBER_CELL } from './components/data-table';
export type { DataTableColumn, DataTableProps } from './components/data-table';
export { MEAL_PLACEHOLDER_SRC } from './components/meal-placeholder';
export { formatPrice } from './format/price';
export { saveFile, savePdf, useFileDownload } from './download';
export type { FileDownload } from './download';
export {
  formatClockTime,
  formatLongDate,
  formatLongDateTime,
  formatSlot,
  formatSlotDay,
  formatSlotDayTitle,
  formatSlotTime,
} from './format/date';
export { formatRating } from './format/rating';
export { formatDistance } from './format/distance';
export { saveBuyerCommune, useBuyerCommune } from './near';
export type { BuyerCommune } from './near';
export { CommuneCombobox } from './components/commune-combobox';
export type { CommuneComboboxProps, CommuneOption } from './components/commune-combobox';
// Through the package's own name: '@popote/ui/fr' is a Module Federation shared module (@popote/build).
export { fr } from '@popote/ui/fr';
export { TOAST_DURATION_MS, TOASTER_PROPS } from './toasts';
// By its name: the bundler then shares one copy between the shell and the remotes when they have
// the same file (@popote/build's SHARED_BY_CONTENT).
export { LazyToaster, toast } from '@popote/ui/toast';
export type { FrenchTexts } from '@popote/ui/fr';
