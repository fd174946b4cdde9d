// CSS Modules: the build (frontends/shared/build) compiles them with a default
// export mapping local class names to scoped ones.
declare module '*.module.css' {
  const classes: { readonly [className: string]: string };
  export default classes;
}

// Global stylesheets are imported for their side effect only.
declare module '*.css';
