rootProject.name = "ProxyClient"
include(":app")
