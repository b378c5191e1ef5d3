/**
 * Every route of spec section 2, public and auth, each with its title in `staticData`. Routes are
 * defined in code (not file-based): most pages are still the spec's under-construction page, and one
 * table here is easier to read and change than ninety near-identical files. A page that gets built
 * swaps its `DoingPage` for its feature's lazy component; the README's status table follows this file.
 */
import { createRootRouteWithContext, createRoute, lazyRouteComponent, redirect, type AnyRoute } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { session } from '@/lib/session';
import { RootLayout } from '@/features/layout/components/RootLayout';
import { RouteError } from '@/components/RouteError';
import { NotFoundRedirect } from '@/components/NotFoundRedirect';
import './meta';

const DoingPage = lazyRouteComponent(() => import('@/components/DoingPage'), 'DoingPage');
const HomePage = lazyRouteComponent(() => import('@/features/home/HomePage'), 'HomePage');

export const rootRoute = createRootRouteWithContext<{ queryClient: QueryClient }>()({
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

const loginSearch = z.object({ redirect: z.string().optional().catch(undefined) });

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  validateSearch: loginSearch,
  staticData: { title: '用户登录', simpleHeader: true },
  component: DoingPage,
});

const positiveInt = z.coerce.number().int().positive();

/** Trading-centre search state lives in the URL (spec section 2: q, typeCode, associationId, size, current). */
export const projectSearch = z.object({
  q: z.string().trim().max(50).optional().catch(undefined),
  typeCode: positiveInt.optional().catch(undefined),
  associationId: positiveInt.optional().catch(undefined),
  size: positiveInt.max(100).optional().catch(undefined),
  current: positiveInt.optional().catch(undefined),
});

const projectRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/project',
  validateSearch: projectSearch,
  staticData: { title: '交易中心' },
  component: DoingPage,
});

const publicRoutes = [
  page('/index', '首页', HomePage),
  page('/hall', '竞价大厅'),
  page('/gyzcProject', '国有资产交易'),
  page('/sfProject', '司法拍卖'),
  loginRoute,
  page('/hbtsSso', '统一身份认证登录', DoingPage, { simpleHeader: true }),
  page('/register', '用户注册', DoingPage, { simpleHeader: true }),
  page('/findPassword', '找回密码', DoingPage, { simpleHeader: true }),
  page('/findAccountOrg', '找回账号>机构用户', DoingPage, { simpleHeader: true }),
  page('/findAccountPerson', '找回账号>个人用户', DoingPage, { simpleHeader: true }),
  page('/findAccountSuccess', '找回账号>找回成功', DoingPage, { simpleHeader: true }),
  projectRoute,
  page('/projectPkg/{$assetsId}.html', '交易中心>资产包详情'),
  page('/projectDetail/{$assetsId}.html', '交易中心>项目详情'),
  page('/projectToManageDetail/{$id}.html', '交易中心>托管项目详情'),
  page('/djgz', '党建工作'),
  page('/zcfg', '政策法规'),
  page('/jyfw', '交易服务'),
  page('/xwzx', '新闻中心'),
  page('/gywm', '关于我们'),
  page('/hgzx', '咨询中心'),
  page('/xxgk', '信息公开'),
  page('/newsDetaildjgz', '党建工作>详情'),
  page('/newsDetailzcfg', '政策法规>详情'),
  page('/newsDetailgywm', '关于我们>详情'),
  page('/newsDetailjyfw', '交易服务>详情'),
  page('/newsDetailxwzx', '新闻中心>详情'),
  page('/noticeDetail', '交易公告>公告详情'),
  page('/xzzx', '下载中心'),
  page('/serviceCenter', '服务中心'),
  page('/transferService', '服务中心>转让服务'),
  page('/investService', '服务中心>投资服务'),
  page('/otherService', '服务中心>其他服务'),
  page('/helpCenter', '帮助中心'),
  page('/helpCenterDetail', '帮助中心>详情'),
  page('/hd1', '专题活动>活动专题一'),
  page('/hd2', '专题活动>活动专题二'),
  page('/specialPage', '专题专栏'),
  page('/specialList', '专题专栏>项目列表'),
  page('/specialHgList', '专题专栏>专项项目列表'),
  page('/specialCar', '专题专栏>机动车专场'),
  page('/specialOil', '专题专栏>成品油专场'),
  page('/specialPetroleum', '专题专栏>石油化工专场'),
  page('/helpBrowser', '帮助中心>浏览器设置'),
  page('/zhongdianList', '重点推荐'),
  page('/zhongdianDetail', '重点推荐>详情'),
  page('/doing', '建设中'),
  page('/lock', '锁屏', DoingPage, { simpleHeader: true }),
  page('/contract/seal/qrcode', '人脸识别', DoingPage, { simpleHeader: true }),
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

const authRoutes = [
  authPage('/realNamePerson', '实名认证>个人实名认证'),
  authPage('/realNamePersonInfo', '实名认证>个人认证信息'),
  authPage('/membershipReason', '实名认证>认证未通过原因'),
  authPage('/realNameOrg', '实名认证>机构实名认证'),
  authPage('/bidEnrollNormal', '交易中心>填写报名信息'),
  authPage('/bidEnrollPkg', '交易中心>资产包报名'),
  authPage('/cashierDesk', '收银台'),
  authPage('/usercenterIndex', '用户中心'),
  authPage('/myProject', '用户中心>我的项目'),
  authPage('/myDeposit', '用户中心>我的保证金'),
  authPage('/projectSettlement', '用户中心>项目结算'),
  authPage('/settleDetailPayInfo', '用户中心>结算支付信息'),
  authPage('/projectSettleDetail', '用户中心>结算详情'),
  authPage('/myCollect', '用户中心>我的收藏'),
  authPage('/myService', '用户中心>我的服务'),
  authPage('/myServiceDetail', '用户中心>服务详情'),
  authPage('/demandDetail', '用户中心>需求详情'),
  authPage('/myMessage', '用户中心>我的消息'),
  authPage('/myMessageDetail', '用户中心>消息详情'),
  authPage('/accountSafe', '用户中心>账户安全'),
  authPage('/accountFunds', '用户中心>资金账户'),
  authPage('/accountFundsDetail', '用户中心>资金账户详情'),
  authPage('/enrollDetail', '用户中心>报名详情'),
  authPage('/depositDetail', '用户中心>保证金详情'),
  authPage('/depositAddPayInfo', '用户中心>上传支付凭证'),
  authPage('/updatePassWord', '用户中心>修改密码'),
  authPage('/membership', '用户中心>会员信息'),
  authPage('/memberEditPhone', '用户中心>修改手机号'),
  authPage('/memberEditHead', '用户中心>修改头像'),
  authPage('/shensuRecord', '用户中心>申诉记录'),
  authPage('/myInvoice', '用户中心>我的发票'),
  authPage('/myContract', '用户中心>我的合同'),
  authPage('/usercenter/contract/sign', '用户中心>我的合同>合同签署'),
  authPage('/edit', '用户中心>我的合同>合同编辑'),
  authPage('/confirm', '用户中心>我的合同>合同确认'),
  authPage('/signatoryList', '用户中心>我的合同>签署方'),
  authPage('/addSignatory', '用户中心>我的合同>添加签署方'),
  authPage('/onlineEdit', '用户中心>我的合同>在线编辑'),
  authPage('/contract/seal/apply', '用户中心>我的合同>用印申请'),
  authPage('/myFiles', '用户中心>我的文件'),
  authPage('/usercenter/files/children', '用户中心>我的文件>子目录'),
  authPage('/usercenter/files/list', '用户中心>我的文件>文件列表'),
  authPage('/wallet/index', '用户中心>我的钱包'),
  authPage('/wallet/detail', '用户中心>我的钱包>明细'),
  authPage('/wallet/handle', '用户中心>我的钱包>办理'),
  authPage('/quoteHall', '竞价室'),
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
