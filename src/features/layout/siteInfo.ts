/** The exchange's fixed contact facts shown by the footer and the floating panel (spec section 1). */
export const SITE_INFO = {
  name: '河北产权交易所',
  englishName: 'Hebei Property Rights Exchange',
  address: '河北省石家庄市长安区中山东路318号产权交易大厦',
  postcode: '050011',
  branchAddresses: [
    { name: '唐山业务部', address: '唐山市路北区建设北路128号金融中心12层' },
    { name: '保定业务部', address: '保定市竞秀区东风中路566号政务服务大厦B座6层' },
  ],
  departmentPhones: [
    { department: '综合办公室', phone: '0311-86012001' },
    { department: '产权交易部', phone: '0311-86012018' },
    { department: '资产交易部', phone: '0311-86012026' },
    { department: '竞价服务部', phone: '0311-86012035' },
    { department: '会员服务部', phone: '0311-86012050' },
  ],
  complaintPhone: '0311-86012090',
  supervisionPhone: '0311-86012099',
  fax: '0311-86012000',
  email: 'service@hbcqjys.cn',
  serviceHours: {
    weekdays: '周一至周五（法定节假日除外）',
    morning: '8:30-12:00',
    summerAfternoon: '14:30-17:30',
    winterAfternoon: '13:30-17:30',
  },
  filingNumber: '冀ICP备20260318号-1',
  policeFilingNumber: '冀公网安备13010202003180号',
  /** The separate back-office systems the header links to (spec section 1); each deployment sets its own. */
  backOffice: [
    { label: '工作系统', url: import.meta.env.VITE_WORK_SYSTEM_URL ?? '/ops/' },
    { label: '信息系统', url: import.meta.env.VITE_INFO_SYSTEM_URL ?? '/#/doing' },
    { label: '转让方登记', url: import.meta.env.VITE_TRANSFEROR_URL ?? '/#/doing' },
  ],
} as const;

export const SEARCH_PLACEHOLDER = '请输入项目关键字、拼音、类别';
