def getBuildType() {
  def jobName = env.JOB_NAME
  if (jobName.startsWith('wallet-messenger/nightly')) {
      return 'nightly'
  }
  if (jobName.startsWith('wallet-messenger/release')) {
      return 'release'
  }
  return params.BUILD_TYPE
}

return this
