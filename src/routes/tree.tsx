/**
 * Every route of spec section 2, public and auth, plus the watch board /myWatch and 竞价记录核验 /verify (ours), each with its
 * title in `staticData`. Routes are defined in code (not file-based): one typed table is easier to read
 * and change than ninety-odd near-identical files. Every route renders its feature's lazy component;
 * the spec's under-construction page (`DoingPage`) is /doing's own. docs/routes.md lists every route
 * with its page and status, following this file. A page's search is validated by the zod schema its
 * feature owns (features/<feature>/search.ts), and the page's search type is inferred from that schema.
 */
import { createRootRouteWithContext, createRoute, lazyRouteComponent, redirect, type AnyRoute } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import { pageSearch } from '@/lib/searchParams';
import { session } from '@/lib/session';
import { tabLock } from '@/lib/tabLock';
import { RootLayout } from '@/features/layout/components/RootLayout';
import { RouteError } from '@/components/RouteError';
import { NotFoundRedirect } from '@/components/NotFoundRedirect';
import { findAccountSuccessSearch, hbtsSsoSearch, loginSearch } from '@/features/auth/search';
import { faceQrSearch } from '@/features/esign/search';
import { helpSearch, idSearch, lockSearch, newsSearch, noticeSearch, plateSearch } from '@/features/content/search';
import { depositPaySearch, enrolSearch, recordSearch } from '@/features/enrolment/search';
import { hallSearch, watchSearch } from '@/features/hall/search';
import { judicialSearch } from '@/features/judicial/search';
import { projectSearch } from '@/features/projects/search';
import { quoteHallSearch } from '@/features/quote-room/search';
import { verifySearch } from '@/features/verify/search';
import { dealSearch, walletDetailSearch, walletHandleSearch } from '@/features/money/search';
import { messageSearch, myProjectSearch } from '@/features/user-center/search';
import { appealSearch, fileListSearch, folderSearch } from '@/features/user-files/search';
import { demandSearch } from '@/features/demands/search';
import { contractListSearch, contractSearch, onlineEditSearch } from '@/features/contracts/search';
import './meta';

const DoingPage = lazyRouteComponent(() => import('@/components/DoingPage'), 'DoingPage');
const HomePage = lazyRouteComponent(() => import('@/features/home/HomePage'), 'HomePage');
// The live bidding hall.
const HallPage = lazyRouteComponent(() => import('@/features/hall/HallPage'), 'HallPage');
// The bidder's watch board.
const WatchBoardPage = lazyRouteComponent(() => import('@/features/hall/WatchBoardPage'), 'WatchBoardPage');
// Content centre: every content page lives in one lazily loaded chunk.
const content = (name: keyof typeof import('@/features/content/pages')) =>
  lazyRouteComponent(() => import('@/features/content/pages'), name);
// Accounts: login, registration, recovery (auth) and the account pages (account).
const LoginPage = lazyRouteComponent(() => import('@/features/auth/pages/LoginPage'), 'LoginPage');
const HbtsSsoPage = lazyRouteComponent(() => import('@/features/auth/pages/HbtsSsoPage'), 'HbtsSsoPage');
const RegisterPage = lazyRouteComponent(() => import('@/features/auth/pages/RegisterPage'), 'RegisterPage');
const FindPasswordPage = lazyRouteComponent(() => import('@/features/auth/pages/FindPasswordPage'), 'FindPasswordPage');
const FindAccountPersonPage = lazyRouteComponent(() => import('@/features/auth/pages/FindAccountPage'), 'FindAccountPersonPage');
const FindAccountOrgPage = lazyRouteComponent(() => import('@/features/auth/pages/FindAccountPage'), 'FindAccountOrgPage');
const FindAccountSuccessPage = lazyRouteComponent(
  () => import('@/features/auth/pages/FindAccountSuccessPage'),
  'FindAccountSuccessPage',
);
const UpdatePasswordPage = lazyRouteComponent(() => import('@/features/auth/pages/UpdatePasswordPage'), 'UpdatePasswordPage');
const MemberEditPhonePage = lazyRouteComponent(() => import('@/features/auth/pages/MemberEditPhonePage'), 'MemberEditPhonePage');
const RealNamePersonPage = lazyRouteComponent(() => import('@/features/account/pages/RealNamePersonPage'), 'RealNamePersonPage');
const RealNamePersonInfoPage = lazyRouteComponent(
  () => import('@/features/account/pages/RealNamePersonInfoPage'),
  'RealNamePersonInfoPage',
);
const MembershipReasonPage = lazyRouteComponent(() => import('@/features/account/pages/MembershipReasonPage'), 'MembershipReasonPage');
const RealNameOrgPage = lazyRouteComponent(() => import('@/features/account/pages/RealNameOrgPage'), 'RealNameOrgPage');
const AccountSafePage = lazyRouteComponent(() => import('@/features/account/pages/AccountSafePage'), 'AccountSafePage');
const MembershipPage = lazyRouteComponent(() => import('@/features/account/pages/MembershipPage'), 'MembershipPage');
const MemberEditHeadPage = lazyRouteComponent(() => import('@/features/account/pages/MemberEditHeadPage'), 'MemberEditHeadPage');
// Trading centre: the project pages in one lazily loaded chunk, a lot's detail pages in their own (a phone
// opening a lot's link evaluates no search page: a 240 ms task under bench:mobile's 4× slower CPU);
// judicial auctions in another.
const projects = (name: keyof typeof import('@/features/projects/pages')) =>
  lazyRouteComponent(() => import('@/features/projects/pages'), name);
const lotPages = (name: keyof typeof import('@/features/projects/pages/ProjectDetailPages')) =>
  lazyRouteComponent(() => import('@/features/projects/pages/ProjectDetailPages'), name);
const JudicialPage = lazyRouteComponent(() => import('@/features/judicial/pages/JudicialPage'), 'JudicialPage');
// The bidding room.
const QuoteRoomPage = lazyRouteComponent(() => import('@/features/quote-room/QuoteRoomPage'), 'QuoteRoomPage');
// 竞价记录核验: the public verification of a bid record or receipt (ours).
const VerifyPage = lazyRouteComponent(() => import('@/features/verify/VerifyPage'), 'VerifyPage');
// Enrolment and deposits, and the user centre: one lazily loaded chunk each.
const enrolment = (name: keyof typeof import('@/features/enrolment/pages')) =>
  lazyRouteComponent(() => import('@/features/enrolment/pages'), name);
const money = (name: keyof typeof import('@/features/money/pages')) => lazyRouteComponent(() => import('@/features/money/pages'), name);
const userCenter = (name: keyof typeof import('@/features/user-center/pages')) =>
  lazyRouteComponent(() => import('@/features/user-center/pages'), name);
// my files and appeals; services and demands.
const userFiles = (name: keyof typeof import('@/features/user-files/pages')) =>
  lazyRouteComponent(() => import('@/features/user-files/pages'), name);
// contracts.
const contracts = (name: keyof typeof import('@/features/contracts/pages')) =>
  lazyRouteComponent(() => import('@/features/contracts/pages'), name);
const esign = (name: keyof typeof import('@/features/esign/pages')) =>
  lazyRouteComponent(() => import('@/features/esign/pages'), name);
const demands = (name: keyof typeof import('@/features/demands/pages')) =>
  lazyRouteComponent(() => import('@/features/demands/pages'), name);

export const rootRoute = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  // A locked tab (/lock) shows nothing else until it is unlocked.
  beforeLoad: ({ location }) => {
    if (location.pathname !== '/lock' && tabLock.isLocked()) {
      throw redirect({ to: '/lock', search: { redirect: location.href }, replace: true });
    }
  },
  component: RootLayout,
  errorComponent: RouteError,
  notFoundComponent: NotFoundRedirect,
});

type PageComponent = typeof DoingPage;

/** One page route: path, title, component (the under-construction page until its issue builds it). */
function page<const TPath extends string, TParent extends AnyRoute = typeof rootRoute>(
  path: TPath,
  title: string,
  component: PageComponent = DoingPage,
  options: { simpleHeader?: boolean; parent?: TParent } = {},
) {
  return createRoute({
    getParentRoute: () => (options.parent ?? rootRoute) as TParent,
    path,
    staticData: { title, simpleHeader: options.simpleHeader },
    component,
  });
}

const rootIndexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/index', replace: true });
  },
});

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  validateSearch: loginSearch,
  staticData: { title: '用户登录', simpleHeader: true },
  component: LoginPage,
});

/** The unified identity platform's ticket and `redirect`. */
const hbtsSsoRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/hbtsSso',
  validateSearch: hbtsSsoSearch,
  staticData: { title: '统一身份认证登录', simpleHeader: true },
  component: HbtsSsoPage,
});

/** The masked login names found by account recovery. */
const findAccountSuccessRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/findAccountSuccess',
  validateSearch: findAccountSuccessSearch,
  staticData: { title: '找回账号>找回成功', simpleHeader: true },
  component: FindAccountSuccessPage,
});

/** The trading centre: its search state lives in the URL. */
const projectRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/project',
  validateSearch: projectSearch,
  staticData: { title: '交易中心' },
  component: projects('ProjectCentrePage'),
});

/** State-owned projects: the centre's filters over projectNature 1. */
const gyzcProjectRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/gyzcProject',
  validateSearch: projectSearch,
  staticData: { title: '国有资产交易' },
  component: projects('StateOwnedProjectsPage'),
});

/** Judicial auctions: filters, page and the item opened in the drawer live in the URL. */
const sfProjectRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/sfProject',
  validateSearch: judicialSearch,
  staticData: { title: '司法拍卖' },
  component: JudicialPage,
});

/** One page route whose search is validated by its feature's schema. */
function searchPage<
  const TPath extends string,
  TSearch extends z.ZodMiniType<Record<string, unknown>, Record<string, unknown>>,
  TParent extends AnyRoute = typeof rootRoute,
>(path: TPath, title: string, component: PageComponent, validateSearch: TSearch, options: { simpleHeader?: boolean; fluid?: boolean; parent?: TParent } = {}) {
  return createRoute({
    getParentRoute: () => (options.parent ?? rootRoute) as TParent,
    path,
    validateSearch,
    staticData: { title, simpleHeader: options.simpleHeader, fluid: options.fluid },
    component,
  });
}

const publicRoutes = [
  page('/index', '首页', HomePage),
  searchPage('/hall', '竞价大厅', HallPage, hallSearch, { fluid: true }),
  gyzcProjectRoute,
  sfProjectRoute,
  loginRoute,
  hbtsSsoRoute,
  page('/register', '用户注册', RegisterPage, { simpleHeader: true }),
  page('/findPassword', '找回密码', FindPasswordPage, { simpleHeader: true }),
  page('/findAccountOrg', '找回账号>机构用户', FindAccountOrgPage, { simpleHeader: true }),
  page('/findAccountPerson', '找回账号>个人用户', FindAccountPersonPage, { simpleHeader: true }),
  findAccountSuccessRoute,
  projectRoute,
  page('/projectPkg/{$assetsId}.html', '交易中心>资产包详情', lotPages('ProjectPkgPage')),
  page('/projectDetail/{$assetsId}.html', '交易中心>项目详情', lotPages('ProjectDetailPage')),
  page('/projectToManageDetail/{$id}.html', '交易中心>托管项目详情', lotPages('ManagedProjectDetailPage')),
  searchPage('/djgz', '党建工作', content('DjgzPage'), plateSearch),
  searchPage('/zcfg', '政策法规', content('ZcfgPage'), plateSearch),
  searchPage('/jyfw', '交易服务', content('JyfwPage'), plateSearch),
  searchPage('/xwzx', '新闻中心', content('XwzxPage'), plateSearch),
  page('/gywm', '关于我们', content('AboutPage')),
  searchPage('/hgzx', '咨询中心', content('HgzxPage'), plateSearch),
  searchPage('/xxgk', '信息公开', content('XxgkPage'), plateSearch),
  searchPage('/newsDetaildjgz', '党建工作>详情', content('NewsDetailDjgzPage'), newsSearch),
  searchPage('/newsDetailzcfg', '政策法规>详情', content('NewsDetailZcfgPage'), newsSearch),
  searchPage('/newsDetailgywm', '关于我们>详情', content('NewsDetailGywmPage'), newsSearch),
  searchPage('/newsDetailjyfw', '交易服务>详情', content('NewsDetailJyfwPage'), newsSearch),
  searchPage('/newsDetailxwzx', '新闻中心>详情', content('NewsDetailXwzxPage'), newsSearch),
  searchPage('/noticeDetail', '交易公告>公告详情', content('NoticeDetailPage'), noticeSearch),
  page('/xzzx', '下载中心', content('DownloadsPage')),
  page('/serviceCenter', '服务中心', content('ServiceCenterPage')),
  page('/transferService', '服务中心>转让服务', content('TransferServicePage')),
  page('/investService', '服务中心>投资服务', content('InvestServicePage')),
  page('/otherService', '服务中心>其他服务', content('OtherServicePage')),
  searchPage('/helpCenter', '帮助中心', content('HelpCenterPage'), helpSearch),
  searchPage('/helpCenterDetail', '帮助中心>详情', content('HelpCenterDetailPage'), newsSearch),
  page('/hd1', '专题活动>活动专题一', content('Hd1Page')),
  page('/hd2', '专题活动>活动专题二', content('Hd2Page')),
  page('/specialPage', '专题专栏', content('SpecialPage')),
  page('/specialList', '专题专栏>项目列表', content('SpecialListPage')),
  page('/specialHgList', '专题专栏>专项项目列表', content('SpecialHgListPage')),
  page('/specialCar', '专题专栏>机动车专场', content('SpecialCarPage')),
  page('/specialOil', '专题专栏>成品油专场', content('SpecialOilPage')),
  page('/specialPetroleum', '专题专栏>石油化工专场', content('SpecialPetroleumPage')),
  page('/helpBrowser', '帮助中心>浏览器设置', content('HelpBrowserPage')),
  page('/zhongdianList', '重点推荐', content('KeyProjectListPage')),
  searchPage('/zhongdianDetail', '重点推荐>详情', content('KeyProjectDetailPage'), idSearch),
  page('/doing', '建设中'),
  searchPage('/lock', '锁屏', content('LockPage'), lockSearch, { simpleHeader: true }),
  searchPage('/contract/seal/qrcode', '人脸识别', esign('FaceQrPage'), faceQrSearch, { simpleHeader: true }),
  searchPage('/verify', '竞价记录核验', VerifyPage, verifySearch, { fluid: true }),
] as const;

/** Pathless layout: every child needs a logged-in user (spec: the check is a stored user id). */
export const authLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: '_auth',
  staticData: { requiresAuth: true },
  beforeLoad: ({ location }) => {
    if (!session.userId()) {
      throw redirect({ to: '/login', search: { redirect: location.href }, replace: true });
    }
  },
});

const authPage = <const TPath extends string>(path: TPath, title: string, component: PageComponent = DoingPage) =>
  page(path, title, component, { parent: authLayoutRoute });

const authSearchPage = <const TPath extends string, TSearch extends z.ZodMiniType<Record<string, unknown>, Record<string, unknown>>>(
  path: TPath,
  title: string,
  component: PageComponent,
  validateSearch: TSearch,
  options: { fluid?: boolean } = {},
) => searchPage(path, title, component, validateSearch, { ...options, parent: authLayoutRoute });

const authRoutes = [
  authPage('/realNamePerson', '实名认证>个人实名认证', RealNamePersonPage),
  authPage('/realNamePersonInfo', '实名认证>个人认证信息', RealNamePersonInfoPage),
  authPage('/membershipReason', '实名认证>认证未通过原因', MembershipReasonPage),
  authPage('/realNameOrg', '实名认证>机构实名认证', RealNameOrgPage),
  authSearchPage('/bidEnrollNormal', '交易中心>填写报名信息', enrolment('BidEnrollNormalPage'), enrolSearch),
  authSearchPage('/bidEnrollPkg', '交易中心>资产包报名', enrolment('BidEnrollPkgPage'), enrolSearch),
  authSearchPage('/cashierDesk', '收银台', enrolment('CashierDeskPage'), depositPaySearch),
  authPage('/usercenterIndex', '用户中心', userCenter('UserCenterIndexPage')),
  authSearchPage('/myProject', '用户中心>我的项目', userCenter('MyProjectPage'), myProjectSearch),
  authSearchPage('/myDeposit', '用户中心>我的保证金', userCenter('MyDepositPage'), pageSearch),
  authSearchPage('/projectSettlement', '用户中心>项目结算', money('ProjectSettlementPage'), pageSearch),
  authSearchPage('/settleDetailPayInfo', '用户中心>结算支付信息', money('SettleDetailPayInfoPage'), dealSearch),
  authSearchPage('/projectSettleDetail', '用户中心>结算详情', money('ProjectSettleDetailPage'), dealSearch),
  authSearchPage('/myCollect', '用户中心>我的收藏', projects('MyCollectPage'), pageSearch),
  authSearchPage('/myWatch', '用户中心>竞价看板', WatchBoardPage, watchSearch, { fluid: true }),
  authSearchPage('/myService', '用户中心>我的服务', demands('MyServicePage'), pageSearch),
  authSearchPage('/myServiceDetail', '用户中心>服务详情', demands('ServiceDetailPage'), demandSearch),
  authSearchPage('/demandDetail', '用户中心>需求详情', demands('DemandDetailPage'), demandSearch),
  authSearchPage('/myMessage', '用户中心>我的消息', userCenter('MyMessagePage'), pageSearch),
  authSearchPage('/myMessageDetail', '用户中心>消息详情', userCenter('MyMessageDetailPage'), messageSearch),
  authPage('/accountSafe', '用户中心>账户安全', AccountSafePage),
  authPage('/accountFunds', '用户中心>资金账户', money('FundAccountPage')),
  authPage('/accountFundsDetail', '用户中心>资金账户详情', money('FundAccountDetailPage')),
  authSearchPage('/enrollDetail', '用户中心>报名详情', enrolment('EnrollDetailPage'), recordSearch),
  authSearchPage('/depositDetail', '用户中心>保证金详情', enrolment('DepositDetailPage'), recordSearch),
  authSearchPage('/depositAddPayInfo', '用户中心>上传支付凭证', enrolment('DepositAddPayInfoPage'), depositPaySearch),
  authPage('/updatePassWord', '用户中心>修改密码', UpdatePasswordPage),
  authPage('/membership', '用户中心>会员信息', MembershipPage),
  authPage('/memberEditPhone', '用户中心>修改手机号', MemberEditPhonePage),
  authPage('/memberEditHead', '用户中心>修改头像', MemberEditHeadPage),
  authSearchPage('/shensuRecord', '用户中心>申诉记录', userFiles('AppealPage'), appealSearch),
  authSearchPage('/myInvoice', '用户中心>我的发票', money('MyInvoicePage'), pageSearch),
  authSearchPage('/myContract', '用户中心>我的合同', contracts('MyContractPage'), contractListSearch),
  authSearchPage('/usercenter/contract/sign', '用户中心>我的合同>合同签署', contracts('SignPage'), contractSearch),
  authSearchPage('/edit', '用户中心>我的合同>合同编辑', contracts('EditPage'), contractSearch),
  authSearchPage('/confirm', '用户中心>我的合同>合同确认', contracts('ConfirmPage'), contractSearch),
  authSearchPage('/signatoryList', '用户中心>我的合同>签署方', contracts('SignatoryListPage'), contractSearch),
  authSearchPage('/addSignatory', '用户中心>我的合同>添加签署方', contracts('AddSignatoryPage'), contractSearch),
  authSearchPage('/onlineEdit', '用户中心>我的合同>在线编辑', contracts('OnlineEditPage'), onlineEditSearch),
  authPage('/contract/seal/apply', '用户中心>我的合同>用印申请', esign('SealApplyPage')),
  authPage('/myFiles', '用户中心>我的文件', userFiles('MyFilesPage')),
  authSearchPage('/usercenter/files/children', '用户中心>我的文件>子目录', userFiles('MyFilesPage'), folderSearch),
  authSearchPage('/usercenter/files/list', '用户中心>我的文件>文件列表', userFiles('AllFilesPage'), fileListSearch),
  authPage('/wallet/index', '用户中心>我的钱包', money('WalletPage')),
  authSearchPage('/wallet/detail', '用户中心>我的钱包>明细', money('WalletDetailPage'), walletDetailSearch),
  authSearchPage('/wallet/handle', '用户中心>我的钱包>办理', money('WalletHandlePage'), walletHandleSearch),
  authSearchPage('/quoteHall', '竞价室', QuoteRoomPage, quoteHallSearch, { fluid: true }),
] as const;

export const routeTree = rootRoute.addChildren([
  rootIndexRoute,
  ...publicRoutes,
  authLayoutRoute.addChildren([...authRoutes]),
]);

/** Every path of the table, for the README's status table and the route tests. */
export const ROUTE_PATHS = {
  public: publicRoutes.map((route) => (route.options as { path: string }).path),
  auth: authRoutes.map((route) => (route.options as { path: string }).path),
};
